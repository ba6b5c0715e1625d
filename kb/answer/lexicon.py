"""Chinese words of technical questions and the English words a manual uses for them.

A Chinese question about an English manual shares none of its words with the passages but for the
Latin ones it quotes (`ko-count`, DRBD). Those are often the product's name, on every passage, so
they cannot tell the passage about the question from its neighbours. The Chinese nouns below
("设备", "端口") say what the question is about; `anchor_terms` adds the English stems of the ones
a question uses, so a number in the answer must stand near a word about the same thing.

Each entry: the Chinese word, then English prefixes as `anchor_terms` writes them (5 letters at
most; matched as substrings of the passage). Nouns only: "最多", "默认" say what kind of answer is
wanted, not what it is about.
"""

from __future__ import annotations

GLOSSARY: dict[str, tuple[str, ...]] = {
    "设备": ("devic",), "节点": ("node",), "服务器": ("serve",), "客户端": ("clien",), "主机": ("host",),
    "端口": ("port",), "协议": ("proto",), "地址": ("addre",), "网络": ("netwo",), "连接": ("conne",),
    "接口": ("inter",), "防火墙": ("firew",), "证书": ("certi",), "密钥": ("key",), "密码": ("passw",),
    "口令": ("passw",), "加密": ("encry", "crypt"), "签名": ("signa",), "用户": ("user",), "账户": ("accou",),
    "账号": ("accou",), "权限": ("permi", "privi"), "文件": ("file",), "目录": ("direc",),
    "路径": ("path",), "磁盘": ("disk",), "分区": ("parti",), "扇区": ("secto",), "内存": ("memor", "ram"),
    "缓存": ("cache",), "缓冲": ("buffe",), "日志": ("log",),
    "进程": ("proce",), "线程": ("threa",), "守护进程": ("daemo",), "服务": ("servi",), "命令": ("comma",),
    "选项": ("optio",), "参数": ("param", "argum"), "配置": ("confi",), "变量": ("varia",), "环境": ("envir",),
    "版本": ("versi", "relea"), "软件包": ("packa",), "模块": ("modul",), "插件": ("plugi",),
    "数据库": ("datab",), "索引": ("index",), "记录": ("recor",), "区域": ("zone",),
    "域名": ("domai",), "备份": ("backu",), "归档": ("archi",), "仓库": ("repos",), "压缩": ("compr",),
    "快照": ("snaps",), "镜像": ("image", "mirro"), "复制": ("repli", "copy"), "同步": ("sync",),
    "副本": ("repli",), "资源": ("resou",), "超时": ("timeo",), "间隔": ("inter",), "延迟": ("laten", "delay"),
    "速率": ("rate",), "带宽": ("bandw",), "吞吐": ("throu",), "大小": ("size",), "长度": ("lengt",),
    "数量": ("numbe", "count"), "次数": ("times", "count"), "字符": ("chara",), "限制": ("limit",),
    "上限": ("limit", "maxim"), "队列": ("queue",), "请求": ("reque",), "消息": ("messa",), "邮件": ("mail",),
    "规则": ("rule",), "策略": ("polic",), "脚本": ("scrip",), "任务": ("job", "task"), "计划": ("sched",),
    "内核": ("kerne",), "驱动": ("drive",), "元数据": ("metad", "meta"), "位图": ("bitma",), "校验": ("check",),
    "哈希": ("hash",), "会话": ("sessi",), "票据": ("ticke",), "领域": ("realm",),
    "查询": ("query",), "响应": ("respo",), "线路": ("line",), "报警": ("alert", "alarm"),
    "电池": ("batte",), "电源": ("power",), "温度": ("tempe",), "屏幕": ("scree",), "图形": ("graph",),
    "字体": ("font",), "颜色": ("colo",), "打印": ("print",), "页面": ("page",), "窗口": ("windo",),
    "过滤器": ("filte",), "类型": ("type",), "整数": ("integ",), "字符串": ("strin",), "路由": ("route",),
    "邻居": ("neigh",), "状态": ("state", "statu"), "信号": ("signa",), "事件": ("event",),
}


def english_anchors(question: str) -> set[str]:
    """The English stems of the glossary's Chinese words that `question` contains."""
    return {stem for word, stems in GLOSSARY.items() if word in question for stem in stems}

"""Chinese words of technical questions and the English words a manual uses for them.

A Chinese question about an English manual shares none of its words with the passages but for the
Latin ones it quotes (`ko-count`, DRBD). Those are often the product's name, on every passage, so
they cannot tell the passage about the question from its neighbours. The Chinese nouns below
("设备", "端口") say what the question is about, and two readers use their English words:
- the lexical retriever searches them beside the question (`english_words`), so "端口" finds a
  passage that says "port" (a multilingual embedding finds some of these, BM25 none);
- the answer check (`english_anchors`) wants a number in the answer near one of them in the
  passage, as their first five letters ("conne" meets connect, connection, connecting).

Each entry: the Chinese word, then the English words as a manual writes them (lower case,
singular). Nouns only: "最多", "默认" say what kind of answer is wanted, not what it is about.
"""

from __future__ import annotations

GLOSSARY: dict[str, tuple[str, ...]] = {
    "设备": ("device",), "节点": ("node",), "服务器": ("server",), "客户端": ("client",), "主机": ("host",),
    "端口": ("port",), "协议": ("protocol",), "地址": ("address",), "网络": ("network",), "连接": ("connection", "connect"),
    "接口": ("interface",), "防火墙": ("firewall",), "证书": ("certificate",), "密钥": ("key",), "密码": ("password",),
    "口令": ("password",), "加密": ("encryption", "crypt"), "签名": ("signature",), "用户": ("user",), "账户": ("account",),
    "账号": ("account",), "权限": ("permission", "privilege"), "文件": ("file",), "目录": ("directory",),
    "路径": ("path",), "磁盘": ("disk",), "分区": ("partition",), "扇区": ("sector",), "内存": ("memory", "ram"),
    "缓存": ("cache",), "缓冲": ("buffer",), "日志": ("log",),
    "进程": ("process",), "线程": ("thread",), "守护进程": ("daemon",), "服务": ("service",), "命令": ("command",),
    "选项": ("option",), "参数": ("parameter", "argument"), "配置": ("configuration", "config"), "变量": ("variable",),
    "环境": ("environment",), "版本": ("version", "release"), "软件包": ("package",), "模块": ("module",), "插件": ("plugin",),
    "数据库": ("database",), "索引": ("index",), "记录": ("record",), "区域": ("zone",),
    "域名": ("domain",), "备份": ("backup",), "归档": ("archive",), "仓库": ("repository",), "压缩": ("compression",),
    "快照": ("snapshot",), "镜像": ("image", "mirror"), "复制": ("replication", "copy"), "同步": ("sync",),
    "副本": ("replica",), "资源": ("resource",), "超时": ("timeout",), "间隔": ("interval",), "延迟": ("latency", "delay"),
    "速率": ("rate",), "带宽": ("bandwidth",), "吞吐": ("throughput",), "大小": ("size",), "长度": ("length",),
    "数量": ("number", "count"), "次数": ("times", "count"), "字符": ("character",), "限制": ("limit",),
    "上限": ("limit", "maximum"), "队列": ("queue",), "请求": ("request",), "消息": ("message",), "邮件": ("mail",),
    "规则": ("rule",), "策略": ("policy",), "脚本": ("script",), "任务": ("job", "task"), "计划": ("schedule",),
    "内核": ("kernel",), "驱动": ("driver",), "元数据": ("metadata", "meta"), "位图": ("bitmap",), "校验": ("checksum", "check"),
    "哈希": ("hash",), "会话": ("session",), "票据": ("ticket",), "领域": ("realm",),
    "查询": ("query",), "响应": ("response",), "线路": ("line",), "报警": ("alert", "alarm"),
    "电池": ("battery",), "电源": ("power",), "温度": ("temperature",), "屏幕": ("screen",), "图形": ("graphic",),
    "字体": ("font",), "颜色": ("color", "colour"), "打印": ("print",), "页面": ("page",), "窗口": ("window",),
    "过滤器": ("filter",), "类型": ("type",), "整数": ("integer",), "字符串": ("string",), "路由": ("route",),
    "邻居": ("neighbor", "neighbour"), "状态": ("state", "status"), "信号": ("signal",), "事件": ("event",),
    "标题": ("heading", "header", "title"), "级别": ("level",), "层级": ("level",), "宽度": ("width",), "高度": ("height",),
    "像素": ("pixel",),
    "后缀": ("suffix", "extension"), "扩展名": ("extension",), "退出": ("exit",), "范围": ("range",),
    "生成器": ("generator",), "初始化": ("initialization", "initialize"), "别名": ("alias",), "简写": ("abbreviation",),
    "指南": ("guide",), "手册": ("manual",), "文档": ("documentation", "document"), "章节": ("chapter", "section"),
    "维护者": ("maintainer",), "作者": ("author",), "符号": ("symbol",), "数值": ("value",), "示例": ("example",),
    "例子": ("example",), "链接": ("link",), "编译器": ("compiler",), "编译": ("compile",), "安装": ("install",),
    "函数": ("function",), "宏": ("macro",), "语法": ("syntax",), "表达式": ("expression",), "源代码": ("source",),
    "源文件": ("source",), "头文件": ("header",), "函数库": ("library",), "程序库": ("library",),
    "共享库": ("library",), "静态库": ("library",), "动态库": ("library",), "标志": ("flag",), "开关": ("switch",),
    "格式": ("format",), "编码": ("encoding",), "字符集": ("charset",), "语言": ("language",), "翻译": ("translation",),
    "模板": ("template",), "表格": ("table",), "数组": ("array",), "矩阵": ("matrix",), "精度": ("precision",),
    "算法": ("algorithm",), "随机数": ("random",), "种子": ("seed",), "许可证": ("license", "licence"),
    "依赖": ("dependency",), "补丁": ("patch",), "测试": ("test",), "调试": ("debug",), "警告": ("warning",),
    "错误": ("error",), "异常": ("exception",), "输出": ("output",), "输入": ("input",), "返回值": ("return",),
    "并行": ("parallel",), "图像": ("image",), "坐标": ("coordinate",), "坐标轴": ("axis",), "字节": ("byte",),
    "时间戳": ("timestamp",), "日期": ("date",), "冻结": ("frozen", "freeze"), "上下文": ("context",),
    "注释": ("comment",), "目标": ("target",), "平台": ("platform",), "架构": ("architecture",),
    "音频": ("audio",), "噪声": ("noise",), "噪音": ("noise",), "衰减": ("attenuation",), "回声": ("echo",),
    "采样": ("sample", "sampling"), "重采样": ("resampler", "resample"), "帧": ("frame",),
    "比特率": ("bit-rate", "bitrate"), "码率": ("bit-rate", "bitrate"),
    "编码器": ("encoder",), "解码器": ("decoder",), "预处理器": ("preprocessor",), "质量": ("quality",),
}


def english_words(text: str) -> list[str]:
    """The English words of the glossary's Chinese words that `text` contains, in glossary order."""
    return list(dict.fromkeys(w for word, words in GLOSSARY.items() if word in text for w in words))


def english_anchors(question: str) -> set[str]:
    """The first five letters of the English words of the glossary's Chinese words in `question`."""
    return {w[:5] for w in english_words(question)}

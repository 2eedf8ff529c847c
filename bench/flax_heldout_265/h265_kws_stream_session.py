# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the handler reaches a module bound with mutable batch_stats through its session and calls it in the fori_loop body
from dataclasses import dataclass

import flax.linen as linen
import jax
import jax.numpy as jnp

lax = jax.lax


@dataclass(frozen=True)
class StreamConfig:
    n_mels: int = 6
    chunk_frames: int = 4
    chunks: int = 5
    keywords: int = 3


class ChannelAdaptiveScorer(linen.Module):
    keywords: int
    adapt: bool

    @linen.compact
    def __call__(self, chunk):
        x = linen.Dense(8, name="proj")(chunk)
        x = linen.BatchNorm(use_running_average=not self.adapt, momentum=0.95, name="channel_bn")(x)
        return linen.Dense(self.keywords, name="keyword_logits")(linen.gelu(x))


class MicSession:
    def __init__(self, cfg: StreamConfig, variables):
        self.cfg = cfg
        scorer = ChannelAdaptiveScorer(cfg.keywords, adapt=True)
        self.scorer = scorer.bind(variables, mutable=["batch_stats"])

    def channel_report(self):
        stats = self.scorer.variables["batch_stats"]["channel_bn"]
        return {"gain": jax.lax.rsqrt(stats["var"] + 1e-5), "offset": stats["mean"]}


class StreamHandler:
    def __init__(self, session: MicSession):
        self.session = session

    def handle(self, audio):
        def body(i, totals):
            logits = self.session.scorer(audio[i])
            return totals + jax.nn.softmax(logits).mean(axis=0)

        totals = lax.fori_loop(0, audio.shape[0], body, jnp.zeros((self.session.cfg.keywords,)))
        return totals / audio.shape[0]


def open_session(cfg: StreamConfig, key):
    template = ChannelAdaptiveScorer(cfg.keywords, adapt=False)
    variables = template.init(key, jnp.zeros((cfg.chunk_frames, cfg.n_mels)))
    return MicSession(cfg, variables)


def main():
    cfg = StreamConfig()
    handler = StreamHandler(open_session(cfg, jax.random.key(0)))
    audio = jax.random.normal(jax.random.key(1), (cfg.chunks, cfg.chunk_frames, cfg.n_mels))
    scores = handler.handle(audio)
    report = handler.session.channel_report()
    jax.block_until_ready((scores, report))

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 heads come from a decorator registry through a pool that builds them on first use, here inside the scan body
import jax
import jax.numpy as jnp
from flax import nnx

HEAD_BUILDERS = {}


def register_head(name):
    def wrap(builder):
        HEAD_BUILDERS[name] = builder
        return builder

    return wrap


@register_head("wake")
def build_wake_head(dim, seed):
    return nnx.Linear(dim, 2, rngs=nnx.Rngs(seed))


@register_head("command")
def build_command_head(dim, seed):
    rngs = nnx.Rngs(seed)
    return nnx.Sequential(nnx.Linear(dim, 8, rngs=rngs), nnx.relu, nnx.Linear(8, 6, rngs=rngs))


class HeadPool:
    def __init__(self, dim):
        self.dim = dim
        self._heads = {}

    def get(self, name):
        if name not in self._heads:
            self._heads[name] = HEAD_BUILDERS[name](self.dim, seed=len(self._heads))
        return self._heads[name]


class FrameEncoder(nnx.Module):
    def __init__(self, n_mels, dim, rngs):
        self.inp = nnx.Linear(n_mels, dim, rngs=rngs)
        self.rec = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)

    def __call__(self, frame, h):
        return jnp.tanh(self.inp(frame) + self.rec(h))


class KeywordPipeline:
    def __init__(self, encoder, pool, dim):
        self.encoder = encoder
        self.pool = pool
        self.dim = dim

    def score_stream(self, frames, head_name):
        def step(h, frame):
            h = self.encoder(frame, h)
            return h, self.pool.get(head_name)(h)

        _, logits = jax.lax.scan(step, jnp.zeros((frames.shape[1], self.dim)), frames)
        return logits

    def score_final(self, frames, head_name):
        h = jnp.zeros((frames.shape[1], self.dim))
        for t in range(frames.shape[0]):
            h = self.encoder(frames[t], h)
        return self.pool.get(head_name)(h)


def main():
    dim = 12
    pipeline = KeywordPipeline(FrameEncoder(6, dim, nnx.Rngs(0)), HeadPool(dim), dim)
    frames = jax.random.normal(jax.random.key(1), (5, 2, 6))
    stream_logits = pipeline.score_stream(frames, "wake")
    final_logits = pipeline.score_final(frames, "wake")
    jax.block_until_ready((stream_logits, final_logits))

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a module-level head registry builds and caches an nnx.Linear on first request; a multi-task model's __call__ asks it for the head inside a raw fori_loop body, and the cached head is reused after the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

_HEADS = {}


def get_head(name, din, dout):
    if name not in _HEADS:
        _HEADS[name] = nnx.Linear(din, dout, rngs=nnx.Rngs(len(_HEADS)))
    return _HEADS[name]


class Backbone(nnx.Module):
    def __init__(self, din, dhidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.l1(x))


class IterativeRefiner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, iters=4):
        self.backbone = Backbone(4, 4, rngs)
        self.iters = iters

    def __call__(self, x):
        def refine(i, h):
            head = get_head("refine", 4, 4)
            return h + 0.1 * head(self.backbone(h))

        return lax.fori_loop(0, self.iters, refine, x)


def main():
    model = IterativeRefiner(nnx.Rngs(0))
    x = jnp.ones((3, 4))
    h = model(x)
    score = get_head("refine", 4, 4)(h)
    score.block_until_ready()
    return None

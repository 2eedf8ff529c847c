# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a factory returns functools.partial(refine, head) used as the lax.scan body; the setup head is first called there during init
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def _refine(head, carry, target):
    delta = head(jnp.concatenate([carry, target], -1))
    return carry + 0.5 * delta, jnp.linalg.norm(delta, axis=-1)


def make_refine_step(head):
    return functools.partial(_refine, head)


class IterativeRefiner(nn.Module):
    dim: int = 4
    iters: int = 3

    def setup(self):
        self.stem = nn.Dense(self.dim)
        self.head = nn.Sequential([nn.Dense(16), nn.relu, nn.Dense(self.dim)])

    def __call__(self, x, target):
        init = self.stem(x)
        targets = jnp.broadcast_to(target, (self.iters,) + target.shape)
        final, norms = jax.lax.scan(make_refine_step(self.head), init, targets)
        return final, norms


def main():
    model = IterativeRefiner()
    x, target = jnp.ones((2, 5)), jnp.zeros((2, 4))
    variables = model.init(jax.random.key(0), x, target)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x, target)
    return None

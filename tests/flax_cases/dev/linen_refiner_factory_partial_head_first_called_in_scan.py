# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level factory returns `functools.partial(_refine, self.head)` as the raw scan body; the setup Dense head is first called there
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

def _refine(head, carry, target):
    delta = head(jnp.concatenate([carry, target], -1))
    return carry + delta, delta

def make_refine_step(head):
    return functools.partial(_refine, head)

class IterativeRefiner(nn.Module):
    def setup(self):
        self.stem = nn.Dense(4)
        self.head = nn.Dense(4)

    def __call__(self, x, targets):
        return jax.lax.scan(make_refine_step(self.head), self.stem(x), targets)


def main():
    model = IterativeRefiner()
    x = jnp.ones((2, 3))
    targets = jnp.ones((5, 2, 4))
    variables = model.init(jax.random.key(0), x, targets)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x, targets)

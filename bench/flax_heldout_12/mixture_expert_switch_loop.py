# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 expert Dense layers first called through nn.switch branches inside a raw lax.fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn


class RoutedRefiner(nn.Module):
    n_experts: int = 3
    features: int = 8
    n_iters: int = 4

    @nn.compact
    def __call__(self, x):
        experts = [nn.Dense(self.features, name=f"expert_{i}") for i in range(self.n_experts)]
        branches = [lambda mdl, h, e=e: e(h) for e in experts]

        def body(i, h):
            idx = i % self.n_experts
            return jnp.tanh(nn.switch(idx, branches, self, h))

        return jax.lax.fori_loop(0, self.n_iters, body, x)


def main():
    model = RoutedRefiner()
    x = jnp.ones((2, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    y = model.apply(variables, x)
    jax.block_until_ready(y)
    return None

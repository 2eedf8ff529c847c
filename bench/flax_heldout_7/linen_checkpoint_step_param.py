# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body wrapped with jax.checkpoint at the call site declares a param via self.param
import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.linen as nn


class DeepEquilibriumUnroll(nn.Module):
    width: int = 8
    n_iter: int = 6

    @nn.compact
    def __call__(self, x):
        inject = nn.Dense(self.width)(x)

        def fixed_point_step(z, _):
            w = self.param("w_rec", nn.initializers.orthogonal(0.5), (self.width, self.width))
            return jnp.tanh(z @ w + inject), None

        z, _ = lax.scan(jax.checkpoint(fixed_point_step), jnp.zeros_like(inject), None, length=self.n_iter)
        return z


def main():
    x = jnp.ones((4, 3))
    deq = DeepEquilibriumUnroll()
    params = deq.init(jax.random.PRNGKey(0), x)
    grads = jax.grad(lambda p: jnp.sum(deq.apply(p, x) ** 2))(params)
    jax.tree.leaves(grads)[0].block_until_ready()
    return None

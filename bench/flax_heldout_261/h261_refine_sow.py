# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body in Refiner.refine calls self.block, a submodule attribute that sows into the mutable 'intermediates' collection
import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import linen as nn


class CorrectorBlock(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, x, noise_level):
        h = nn.Dense(self.hidden)(jnp.concatenate([x, noise_level[:, None]], axis=-1))
        h = nn.gelu(h)
        self.sow("intermediates", "act_norm", jnp.linalg.norm(h, axis=-1))
        return x - 0.1 * nn.Dense(x.shape[-1])(h)


class Refiner(nn.Module):
    n_iters: int = 5

    def setup(self):
        self.block = CorrectorBlock()

    def __call__(self, x, noise_level):
        return self.block(x, noise_level)

    def refine(self, x, noise_level):
        def step(x, _):
            return self.block(x, noise_level), None

        x, _ = lax.scan(step, x, None, length=self.n_iters)
        return x


def main():
    model = Refiner()
    x = jax.random.normal(jax.random.key(0), (6, 4))
    sigma = jnp.full((6,), 0.5)
    variables = model.init(jax.random.key(1), x, sigma)
    x_ref, state = model.apply(variables, x, sigma, method="refine", mutable=["intermediates"])
    act_norms = jnp.stack(state["intermediates"]["block"]["act_norm"])
    jax.block_until_ready((x_ref, act_norms.mean()))
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a normalising flow whose shared affine-coupling step is the bound method self._flow_step passed to lax.fori_loop; its Dense conditioner is first called there at init
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax as L


class SharedCouplingFlow(nn.Module):
    n_steps: int = 4
    hidden: int = 16

    def setup(self):
        self.conditioner = nn.Sequential([nn.Dense(self.hidden), nn.relu, nn.Dense(2)])

    def _flow_step(self, i, carry):
        z, logdet = carry
        z1, z2 = z[..., :1], z[..., 1:]
        st = self.conditioner(jnp.concatenate([z1, jnp.full_like(z1, i)], axis=-1))
        s, t = jnp.tanh(st[..., :1]), st[..., 1:]
        z2 = z2 * jnp.exp(s) + t
        return jnp.concatenate([z2, z1], axis=-1), logdet + jnp.sum(s, axis=-1)

    def __call__(self, x):
        return L.fori_loop(0, self.n_steps, self._flow_step, (x, jnp.zeros(x.shape[:-1])))


def main():
    flow = SharedCouplingFlow()
    x = jax.random.normal(jax.random.key(0), (5, 2))
    variables = flow.init(jax.random.key(1), x)
    z, logdet = flow.apply(variables, x)
    logdet.block_until_ready()
    return None

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 setup list of coupling layers reached through lax.switch branches inside the fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn


class AffineCoupling(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        x1, x2 = jnp.split(x, 2, axis=-1)
        h = nn.relu(nn.Dense(self.hidden)(x1))
        log_s = jnp.tanh(nn.Dense(x2.shape[-1])(h))
        t = nn.Dense(x2.shape[-1])(h)
        y2 = x2 * jnp.exp(log_s) + t
        return jnp.concatenate([y2, x1], axis=-1), log_s.sum(-1)


class RealNVP(nn.Module):
    num_layers: int = 4

    def setup(self):
        self.layers = [AffineCoupling() for _ in range(self.num_layers)]

    def __call__(self, x):
        branches = [lambda x, layer=layer: layer(x) for layer in self.layers]

        def body(i, carry):
            x, logdet = carry
            y, ld = jax.lax.switch(i, branches, x)
            return y, logdet + ld

        z, logdet = jax.lax.fori_loop(0, self.num_layers, body, (x, jnp.zeros(x.shape[:-1])))
        log_pz = -0.5 * jnp.sum(z ** 2, -1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi)
        return log_pz + logdet


def main():
    flow = RealNVP()
    x = jax.random.normal(jax.random.key(0), (16, 4))
    variables = flow.init(jax.random.key(1), x)
    nll = -flow.apply(variables, x).mean()
    return None

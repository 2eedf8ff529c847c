# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a setup decoder first runs through its own `refine` method in a fori_loop body, and `init(method=VAE.sample)` runs that loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    def setup(self):
        self.to_data = nn.Dense(3)
        self.to_latent = nn.Dense(2)

    def refine(self, z):
        x = self.to_data(z)
        return z + 0.1 * self.to_latent(x), x


class VAE(nn.Module):
    def setup(self):
        self.decoder = Decoder()

    def __call__(self, z):
        return self.decoder.refine(z)[1]

    def sample(self, z):
        def body(_, carry):
            return self.decoder.refine(carry[0])
        return jax.lax.fori_loop(0, 3, body, (z, jnp.zeros(z.shape[:-1] + (3,))))[1]


def main():
    model = VAE()
    z = jnp.zeros((2, 2))
    variables = model.init(jax.random.key(0), z, method=VAE.sample)
    out = model.apply(variables, z, method=VAE.sample)
    jax.tree.map(lambda a: a + 0, out)

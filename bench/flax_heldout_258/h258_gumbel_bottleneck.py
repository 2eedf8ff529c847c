# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 GumbelBottleneck.__call__ runs lax.fori_loop whose body calls self.relax, which reaches the to_logits and codebook submodules defined in setup
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class GumbelBottleneck(nn.Module):
    n_codes: int = 6
    features: int = 4
    n_rounds: int = 3
    tau: float = 1.0

    def setup(self):
        self.to_logits = nn.Dense(self.n_codes)
        self.codebook = nn.Embed(self.n_codes, self.features)

    def relax(self, h, key):
        logits = self.to_logits(h)
        noise = jax.random.gumbel(key, logits.shape)
        weights = jax.nn.softmax((logits + noise) / self.tau, axis=-1)
        return weights @ self.codebook.embedding

    def __call__(self, h):
        key = self.make_rng("gumbel")

        def round_(i, h):
            return h + self.relax(h, jax.random.fold_in(key, i))

        return lax.fori_loop(0, self.n_rounds, round_, h)


class Autoencoder(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        z = GumbelBottleneck(features=self.features)(h)
        return nn.Dense(x.shape[-1])(z)


def main():
    model = Autoencoder()
    x = jnp.linspace(0.0, 1.0, 30).reshape(5, 6)
    rngs = {"params": jax.random.key(0), "gumbel": jax.random.key(1)}
    variables = model.init(rngs, x)
    recon = model.apply(variables, x, rngs={"gumbel": jax.random.key(2)})
    loss = jnp.mean((recon - x) ** 2)
    jax.block_until_ready(loss)

# label: ok
# flax-error: none
# class: 3 a sample method takes one key with self.make_rng before the lax.scan and folds in the step inside the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    latents: int

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32, name="fc")(x))
        return nn.Dense(self.latents, name="mean")(h), nn.Dense(self.latents, name="logvar")(h)


class Decoder(nn.Module):
    out: int

    @nn.compact
    def __call__(self, z):
        return nn.sigmoid(nn.Dense(self.out, name="fc2")(nn.relu(nn.Dense(32, name="fc1")(z))))


class VAE(nn.Module):
    latents: int = 3
    out: int = 6

    def setup(self):
        self.encoder = Encoder(self.latents)
        self.decoder = Decoder(self.out)

    def __call__(self, x, z_rng):
        mean, logvar = self.encoder(x)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(z_rng, mean.shape)
        return self.decoder(z), mean, logvar

    def generate_chain(self, num_steps, batch):
        base = self.make_rng("sample")

        def step(carry, i):
            z = jax.random.normal(jax.random.fold_in(base, i), (batch, self.latents))
            return carry, self.decoder(z)

        _, images = jax.lax.scan(step, None, jnp.arange(num_steps))
        return images


def main():
    model = VAE()
    x = jnp.ones((2, 6))
    variables = model.init(jax.random.key(0), x, jax.random.key(1))
    variables = jax.tree.map(lambda a: a + 0, variables)
    return model.apply(variables, 5, 2, method=VAE.generate_chain, rngs={"sample": jax.random.key(9)})

# label: same-values
# flax-error: none
# class: 5 variational RNN generation: raw jax.lax.scan inside a Linen method; each step's reparameterised latent uses self.make_rng("latent")
import jax
import jax.numpy as jnp
from flax import linen as nn

Z, H, X = 4, 16, 3


class VRNN(nn.Module):
    def setup(self):
        self.prior = nn.Dense(2 * Z)
        self.decoder = nn.Dense(X)
        self.cell = nn.GRUCell(features=H)

    def __call__(self, h):
        mu, logvar = jnp.split(self.prior(h), 2, axis=-1)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("latent"), mu.shape)
        x = self.decoder(jnp.concatenate([h, z], -1))
        h, _ = self.cell(h, jnp.concatenate([x, z], -1))
        return h, z

    def generate(self, h0, length):
        def step(h, _):
            h, z = self(h)
            return h, z

        _, zs = jax.lax.scan(step, h0, None, length=length)
        return zs


def main():
    model = VRNN()
    h0 = jnp.zeros((2, H))
    variables = model.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, h0)
    # the prior depends on h, so look only at the noise: zero the prior so z is the raw eps
    variables = jax.tree.map(jnp.zeros_like, variables)
    zs = model.apply(variables, h0, 6, method=VRNN.generate, rngs={"latent": jax.random.key(7)})
    return zs  # [time, batch, Z]

# label: ok
# flax-error: none
# class: 4 a sampler built by a registry factory keeps the model and params; the while_loop body indexes one pre-split key per step
"""Drawing latent samples from a small VAE decoder: models are built through a registry of
factories, a LatentSampler keeps the model, its parameters and a key, and fills a buffer in a
lax.while_loop. main() returns the reparameterization noise drawn at each step."""
import jax
import jax.numpy as jnp
import flax.linen as nn

_FACTORIES = {}


def register_factory(name):
    def deco(fn):
        _FACTORIES[name] = fn
        return fn
    return deco


class Prior(nn.Module):
    latent_dim: int = 4

    @nn.compact
    def __call__(self, context):
        mu = nn.Dense(self.latent_dim, name="mu")(context)
        logvar = nn.Dense(self.latent_dim, name="logvar")(context)
        eps = jax.random.normal(self.make_rng("latent"), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        return z, eps


@register_factory("prior-small")
def build_prior_small():
    return Prior(latent_dim=4)


class LatentSampler:
    def __init__(self, name, seed):
        self.model = _FACTORIES[name]()
        init_key, self.latent_key = jax.random.split(jax.random.PRNGKey(seed))
        self.params = self.model.init({"params": init_key, "latent": init_key}, jnp.ones((1, 8)))["params"]

    def draw(self, context, key):
        return self.model.apply({"params": self.params}, context, rngs={"latent": key})

    def sample_many(self, context, num):
        keys = jax.random.split(self.latent_key, num)

        def cond(state):
            return state[0] < num

        def body(state):
            i, zs, noise = state
            z, eps = self.draw(context, keys[i])
            return i + 1, zs.at[i].set(z[0]), noise.at[i].set(eps[0])

        init = (0, jnp.zeros((num, 4)), jnp.zeros((num, 4)))
        _, zs, noise = jax.lax.while_loop(cond, body, init)
        return zs, noise


def main():
    sampler = LatentSampler("prior-small", seed=0)
    _, noise = sampler.sample_many(jnp.ones((1, 8)), num=5)
    return noise

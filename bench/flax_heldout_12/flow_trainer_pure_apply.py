# label: ok
# flax-error: none
# class: 2 a plain Python Trainer holds the Linen model and its params; the raw lax.scan body calls self.model.apply on the closed-over params
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class PlanarFlowStep(nn.Module):
    @nn.compact
    def __call__(self, z):
        u = self.param("u", nn.initializers.normal(0.1), (z.shape[-1],))
        w = self.param("w", nn.initializers.normal(0.1), (z.shape[-1],))
        b = self.param("b", nn.initializers.zeros, ())
        return z + u * jnp.tanh(z @ w + b)[..., None]


class Trainer:
    def __init__(self, key, dim):
        self.model = PlanarFlowStep()
        self.params = self.model.init(key, jnp.zeros((1, dim)))
        self.tx = optax.adam(1e-2)

    def push_forward(self, z0, n_steps):
        def body(z, _):
            z = self.model.apply(self.params, z)
            return z, jnp.mean(z)

        return jax.lax.scan(body, z0, None, length=n_steps)


def main():
    trainer = Trainer(jax.random.PRNGKey(0), 2)
    z, means = trainer.push_forward(jax.random.normal(jax.random.PRNGKey(1), (16, 2)), 5)
    jax.block_until_ready(z)
    jax.tree.map(lambda a: a + 0, trainer.params)
    return None

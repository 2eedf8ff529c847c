# label: same-values
# flax-error: none
# class: 3 the fori_loop body calls the self.dynamics submodule in training mode, whose Dropout draws from the "dropout" rng stream
"""MuZero-style planning with an uncertainty bonus: Monte-Carlo dropout through the learned
dynamics model gives several value estimates for the same (latent, action) pair."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Representation(nn.Module):
    latent: int = 8

    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(self.latent)(obs))


class Dynamics(nn.Module):
    latent: int = 8
    num_actions: int = 3
    rate: float = 0.3

    @nn.compact
    def __call__(self, latent, action, deterministic: bool = True, dropout_rng=None):
        a = jax.nn.one_hot(action, self.num_actions)
        h = nn.relu(nn.Dense(16)(jnp.concatenate([latent, a], axis=-1)))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic, rng=dropout_rng)
        next_latent = jnp.tanh(nn.Dense(self.latent)(h))
        reward = nn.Dense(1)(h)[..., 0]
        return next_latent, reward


class Prediction(nn.Module):
    num_actions: int = 3

    @nn.compact
    def __call__(self, latent):
        h = nn.relu(nn.Dense(16)(latent))
        return nn.Dense(self.num_actions)(h), nn.Dense(1)(h)[..., 0]


class MuZeroNet(nn.Module):
    discount: float = 0.99

    def setup(self):
        self.representation = Representation()
        self.dynamics = Dynamics()
        self.prediction = Prediction()

    def __call__(self, obs, action):
        latent = self.representation(obs)
        next_latent, reward = self.dynamics(latent, action)
        policy_logits, value = self.prediction(next_latent)
        return policy_logits, reward + self.discount * value

    def value_uncertainty(self, obs, action, num_samples: int):
        latent = self.representation(obs)

        def sample(i, values):
            next_latent, reward = self.dynamics(latent, action, deterministic=False)
            _, value = self.prediction(next_latent)
            return values.at[i].set(reward + self.discount * value)

        return lax.fori_loop(0, num_samples, sample, jnp.zeros((num_samples,)))


def main():
    net = MuZeroNet()
    obs = jnp.linspace(-1.0, 1.0, 5)
    action = jnp.int32(1)
    variables = net.init(jax.random.PRNGKey(0), obs, action)
    values = net.apply(variables, obs, action, 6, method=MuZeroNet.value_uncertainty,
                       rngs={"dropout": jax.random.PRNGKey(1)})
    return values

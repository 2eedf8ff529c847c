# label: ok
# flax-error: none
# class: 3 policy bound with bind(params, rngs={'explore': key}); the rollout scan body calls the bound act method, which folds the step into make_rng('explore')
import jax
import jax.numpy as jnp
from flax import linen as nn

OBS, ACT = 3, 2


class GaussianPolicy(nn.Module):
    sigma: float = 0.3

    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(ACT)(nn.relu(nn.Dense(16)(obs))))

    def act(self, obs, step):
        mu = self(obs)
        key = jax.random.fold_in(self.make_rng("explore"), step)
        eps = jax.random.normal(key, mu.shape)
        return mu + self.sigma * eps, eps


def env_step(obs, action):
    pos = obs[:ACT] + 0.1 * action
    return jnp.concatenate([pos, jnp.linalg.norm(pos, keepdims=True)])


def rollout(policy, obs0, horizon):
    def body(obs, step):
        action, eps = policy.act(obs, step)
        return env_step(obs, action), eps

    return jax.lax.scan(body, obs0, jnp.arange(horizon))


def main():
    model = GaussianPolicy()
    obs0 = jnp.array([0.5, -0.2, 0.54])
    params = model.init(jax.random.key(0), obs0)
    policy = model.bind(params, rngs={"explore": jax.random.key(3)})
    final_obs, eps = rollout(policy, obs0, horizon=6)
    print("final obs", final_obs)
    return eps

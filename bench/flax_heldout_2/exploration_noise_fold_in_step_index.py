# label: ok
# flax-error: none
# class: 3 policy rollout method: one make_rng before the scan, fold_in with the step index inside
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Policy(nn.Module):
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs):
        return nn.tanh(nn.Dense(self.act_dim)(nn.relu(nn.Dense(32)(obs))))

    def rollout(self, obs0, horizon: int = 6):
        base = self.make_rng("explore")
        mean0 = self(obs0)

        def body(obs, t):
            mean = self(obs)
            noise = 0.1 * jax.random.normal(jax.random.fold_in(base, t), mean.shape)
            obs = obs.at[: self.act_dim].add(mean + noise)
            return obs, noise

        _, noises = lax.scan(body, obs0, jnp.arange(horizon))
        return noises


def main():
    obs = jnp.zeros((5,))
    model = Policy()
    variables = model.init(jax.random.PRNGKey(0), obs)
    return model.apply(variables, obs, method=Policy.rollout,
                       rngs={"explore": jax.random.PRNGKey(3)})

# label: same-values
# flax-error: none
# class: 1 the scan body is a closure inside @nn.compact that calls self.make_rng('explore') for epsilon-greedy draws
"""Algorithm-distillation style data collection: a policy acts epsilon-greedily in a toy bandit-like
environment and its learning history is recorded; returns the exploration draws per step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RolloutPolicy(nn.Module):
    n_actions: int = 4
    horizon: int = 6
    epsilon: float = 0.3

    @nn.compact
    def __call__(self, obs0):
        policy = nn.Dense(self.n_actions, name="policy")
        policy(obs0)  # build params before the loop

        def act(obs, _):
            u, a_rand = jnp.split(jax.random.uniform(self.make_rng("explore"), (2,)), 2)
            greedy = jnp.argmax(policy(obs))
            random_a = jnp.floor(a_rand[0] * self.n_actions).astype(jnp.int32)
            action = jnp.where(u[0] < self.epsilon, random_a, greedy)
            next_obs = jnp.tanh(obs + jax.nn.one_hot(action, self.n_actions))
            return next_obs, jnp.concatenate([u, a_rand])

        _, draws = jax.lax.scan(act, obs0, None, length=self.horizon)
        return draws


def main():
    model = RolloutPolicy()
    obs0 = jnp.zeros((4,))
    variables = model.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, obs0)
    draws = model.apply(variables, obs0, rngs={"explore": jax.random.key(2)})
    return draws

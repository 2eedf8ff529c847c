# label: same-values
# flax-error: none
# class: 3 a PPO actor-critic whose candidate_actions method (run through apply(method=...)) scans with a body calling self.sample_action, which uses self.make_rng
import jax
import jax.numpy as jnp
import flax.linen as nn


class ActorCritic(nn.Module):
    n_actions: int = 3

    def setup(self):
        self.actor = nn.Dense(self.n_actions)
        self.critic = nn.Dense(1)

    def __call__(self, obs):
        return self.actor(obs), self.critic(obs)[..., 0]

    def sample_action(self, obs):
        logits, value = self(obs)
        action = jax.random.categorical(self.make_rng("action"), logits)
        return action, value

    def candidate_actions(self, obs, k):
        """k sampled actions per state, for a Monte Carlo estimate of the policy's action frequencies."""

        def body(counts, _):
            action, _ = self.sample_action(obs)
            return counts + jax.nn.one_hot(action, self.n_actions), action

        counts, actions = jax.lax.scan(body, jnp.zeros(obs.shape[:-1] + (self.n_actions,)), None, length=k)
        return actions


def main():
    model = ActorCritic()
    obs = jnp.ones((16, 4))
    params = model.init(jax.random.key(0), obs)
    actions = model.apply(params, obs, 6, method=ActorCritic.candidate_actions, rngs={"action": jax.random.key(1)})
    return actions

# label: ok
# flax-error: none
# class: 4 the fori_loop body calls agent.act, which applies the policy through agent.state.apply_fn with agent.state.params and the loop index folded into agent.explore_key
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.lax import fori_loop


class QNetwork(nn.Module):
    num_actions: int

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(self.num_actions)(h)


class EpsilonGreedy(nn.Module):
    num_actions: int
    epsilon: float = 0.5

    @nn.compact
    def __call__(self, obs):
        q_values = QNetwork(self.num_actions)(obs)
        explore_rng, action_rng = jax.random.split(self.make_rng('explore'))
        greedy = jnp.argmax(q_values, axis=-1)
        random_action = jax.random.randint(action_rng, greedy.shape, 0, self.num_actions)
        explore = jax.random.uniform(explore_rng, greedy.shape) < self.epsilon
        return jnp.where(explore, random_action, greedy)


class Agent:
    def __init__(self, num_actions, obs_dim, seed=0):
        self.policy = EpsilonGreedy(num_actions)
        params_key, init_explore_key, self.explore_key = jax.random.split(jax.random.key(seed), 3)
        variables = self.policy.init({'params': params_key, 'explore': init_explore_key}, jnp.zeros((1, obs_dim)))
        self.state = train_state.TrainState.create(
            apply_fn=self.policy.apply, params=variables['params'], tx=optax.adam(1e-3))

    def act(self, obs, rng):
        return self.state.apply_fn({'params': self.state.params}, obs, rngs={'explore': rng})

    def rollout(self, obs, num_steps):
        def body(i, actions):
            step_rng = jax.random.fold_in(self.explore_key, i)
            action = self.act(obs, step_rng)
            return actions.at[i].set(action)

        actions = jnp.zeros((num_steps,) + obs.shape[:1], jnp.int32)
        return fori_loop(0, num_steps, body, actions)


def main():
    agent = Agent(num_actions=4, obs_dim=3)
    obs = jnp.array([[0.1, -0.2, 0.3], [0.5, 0.0, -0.5], [1.0, 1.0, 1.0]])
    actions = agent.rollout(obs, num_steps=8)
    return actions

# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the Q-network is passed to the @nnx.jit-decorated select_action from the fori_loop body
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class QNet(nnx.Module):
    def __init__(self, obs_dim, num_actions, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.out = nnx.Linear(32, num_actions, rngs=rngs)
        self.num_actions = num_actions

    def __call__(self, obs):
        return self.out(nnx.relu(self.hidden(obs)))


@nnx.jit
def select_action(qnet, obs, key, epsilon):
    explore_key, action_key = jax.random.split(key)
    greedy = jnp.argmax(qnet(obs), axis=-1)
    random_action = jax.random.randint(action_key, greedy.shape, 0, qnet.num_actions)
    explore = jax.random.uniform(explore_key, greedy.shape) < epsilon
    return jnp.where(explore, random_action, greedy)


def rollout(qnet, obs, key, num_steps, epsilon=0.3):
    def body(i, actions):
        action = select_action(qnet, obs, jax.random.fold_in(key, i), epsilon)
        return actions.at[i].set(action)

    actions = jnp.zeros((num_steps,) + obs.shape[:-1], jnp.int32)
    return lax.fori_loop(0, num_steps, body, actions)


def main():
    qnet = QNet(4, 3, rngs=nnx.Rngs(0))
    obs = jnp.array([[0.1, 0.2, -0.3, 0.0], [1.0, -1.0, 0.5, 0.5]])
    first = select_action(qnet, obs, jax.random.key(1), 0.3)
    print('first action', first)
    return rollout(qnet, obs, jax.random.key(2), num_steps=8)

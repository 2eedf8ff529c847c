# label: same-values
# flax-error: none
# class: 3 the while_loop body calls self.qnet.apply(self.params, ..., rngs={'explore': self.key}) on an Actor, the key being an Actor attribute
"""Epsilon-greedy DQN actor collecting a rollout with lax.while_loop.

QNet.act draws the exploration coin and the random action from the 'explore' RNG
stream; the Actor stores the network, its params and a PRNG key, and records per step
whether it explored and which random action it would take.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop

NUM_ACTIONS, OBS_DIM, NUM_STEPS = 4, 3, 8


class QNet(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(NUM_ACTIONS)(h)

    def act(self, obs, epsilon):
        q = self(obs)
        coin_key, action_key = jax.random.split(self.make_rng("explore"))
        coin = jax.random.uniform(coin_key)
        random_action = jax.random.randint(action_key, (), 0, NUM_ACTIONS)
        action = jnp.where(coin < epsilon, random_action, jnp.argmax(q))
        return action, coin, random_action


def env_step(obs, action):
    return jnp.roll(obs, 1) * 0.9 + 0.1 * action


class Actor:
    def __init__(self, qnet, params, seed):
        self.qnet = qnet
        self.params = params
        self.key = jax.random.PRNGKey(seed)

    def rollout(self, obs, epsilon):
        def cond(state):
            return state[0] < NUM_STEPS

        def body(state):
            t, obs, coins, randoms = state
            action, coin, random_action = self.qnet.apply(
                self.params, obs, epsilon, rngs={"explore": self.key}, method=QNet.act
            )
            return t + 1, env_step(obs, action), coins.at[t].set(coin), randoms.at[t].set(random_action)

        init = (0, obs, jnp.zeros(NUM_STEPS), jnp.zeros(NUM_STEPS, jnp.int32))
        _, _, coins, randoms = while_loop(cond, body, init)
        return coins, randoms


def main():
    qnet = QNet()
    obs = jnp.ones(OBS_DIM)
    params = qnet.init(jax.random.PRNGKey(0), obs)
    actor = Actor(qnet, params, seed=1)
    coins, randoms = actor.rollout(obs, 0.5)
    return {"coin": coins, "random_action": randoms}

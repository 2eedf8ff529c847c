# label: ok
# flax-error: none
# class: 4 runner holds model, variables and a key; the scan body calls runner.model.apply(..., method=Agent.act) with rngs={'explore': fold_in(runner.key, t)}
"""DQN data collection on a 1-d chain: epsilon-greedy actions from a Q-network, rollout written
as a raw lax.scan over environment steps, one exploration key per step folded in from the step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

N_STATES, N_ACTIONS = 6, 2


class QNet(nn.Module):
    @nn.compact
    def __call__(self, obs):
        return nn.Dense(N_ACTIONS)(nn.relu(nn.Dense(32)(obs)))


class EpsilonGreedy(nn.Module):
    epsilon: float = 0.3

    @nn.compact
    def __call__(self, q):
        k_u, k_a = jax.random.split(self.make_rng("explore"))
        u = jax.random.uniform(k_u)
        random_action = jax.random.randint(k_a, (), 0, N_ACTIONS)
        return jnp.where(u < self.epsilon, random_action, jnp.argmax(q)), u


class Agent(nn.Module):
    def setup(self):
        self.qnet = QNet()
        self.policy = EpsilonGreedy()

    def __call__(self, obs):
        return self.qnet(obs)

    def act(self, obs):
        return self.policy(self.qnet(obs))


class Runner:
    def __init__(self, model, variables, key):
        self.model, self.variables, self.key = model, variables, key


def env_step(pos, action):
    pos = jnp.clip(pos + 2 * action - 1, 0, N_STATES - 1)
    return pos, (pos == N_STATES - 1).astype(jnp.float32)


def main():
    model = Agent()
    variables = model.init(jax.random.key(0), jnp.zeros(N_STATES))
    runner = Runner(model, variables, jax.random.key(1))

    def step(pos, t):
        obs = jax.nn.one_hot(pos, N_STATES)
        action, u = runner.model.apply(runner.variables, obs, method=Agent.act,
                                       rngs={"explore": jax.random.fold_in(runner.key, t)})
        pos, reward = env_step(pos, action)
        return pos, u

    _, explore_draws = lax.scan(step, jnp.array(0), jnp.arange(10))
    return explore_draws

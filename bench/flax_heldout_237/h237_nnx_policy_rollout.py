# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the agent is the Trainer's self.agent attribute, called in train mode (its Dropout draws from the agent's rng stream) inside the scan body
import jax
import jax.numpy as jnp
from flax import nnx

OBS_DIM = 4
ACT_DIM = 2


class Agent(nnx.Module):
    def __init__(self, obs_dim, act_dim, hidden, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.1, rngs=rngs)
        self.pi = nnx.Linear(hidden, act_dim, rngs=rngs)
        self.v = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, obs):
        h = self.dropout(nnx.relu(self.torso(obs)))
        return jnp.tanh(self.pi(h)), self.v(h)[..., 0]


def env_step(obs, action):
    next_obs = obs.at[..., :ACT_DIM].add(0.1 * action) * 0.95
    return next_obs, -jnp.sum(next_obs**2, axis=-1)


class Trainer:
    def __init__(self, agent, horizon, gamma=0.99):
        self.agent = agent
        self.horizon = horizon
        self.gamma = gamma

    def collect(self, obs0):
        def body(obs, _):
            action, value = self.agent(obs)
            next_obs, reward = env_step(obs, action)
            return next_obs, (obs, action, reward, value)

        last_obs, traj = jax.lax.scan(body, obs0, None, length=self.horizon)
        return last_obs, traj

    def advantages(self, traj, last_value):
        _, _, rewards, values = traj

        def gae(next_value, step):
            reward, value = step
            ret = reward + self.gamma * next_value
            return ret, ret - value

        _, adv = jax.lax.scan(gae, last_value, (rewards, values), reverse=True)
        return adv


def main():
    agent = Agent(OBS_DIM, ACT_DIM, 16, rngs=nnx.Rngs(0, dropout=1))
    trainer = Trainer(agent, horizon=6)
    obs0 = jnp.ones((3, OBS_DIM))
    last_obs, traj = trainer.collect(obs0)
    _, last_value = agent(last_obs)
    adv = trainer.advantages(traj, last_value)
    jax.block_until_ready(adv)
    return None

# label: ok
# flax-error: none
# class: 2 scan body asks the agent for exploration draws; the agent builds fresh nnx.Rngs from its seed folded with the step
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ChainConfig:
    n_states: int = 8
    n_actions: int = 2
    horizon: int = 7
    epsilon: float = 0.3
    seed: int = 17


class QNetwork(nnx.Module):
    def __init__(self, cfg: ChainConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(cfg.n_states, 16, rngs=rngs)
        self.q = nnx.Linear(16, cfg.n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.q(nnx.relu(self.hidden(obs)))


class ExplorerAgent(nnx.Module):
    def __init__(self, cfg: ChainConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.qnet = QNetwork(cfg, rngs)

    def _exploration_rngs(self, t):
        return nnx.Rngs(explore=jax.random.fold_in(jax.random.key(self.cfg.seed), t))

    def exploration_draws(self, t):
        rngs = self._exploration_rngs(t)
        coin = jax.random.uniform(rngs.explore())
        random_action = jax.random.randint(rngs.explore(), (), 0, self.cfg.n_actions)
        return coin, random_action

    def act(self, state, t):
        q = self.qnet(jax.nn.one_hot(state, self.cfg.n_states))
        coin, random_action = self.exploration_draws(t)
        action = jnp.where(coin < self.cfg.epsilon, random_action, jnp.argmax(q))
        return action, (coin, random_action)


def chain_step(state, action, n_states):
    nxt = jnp.clip(state + 2 * action - 1, 0, n_states - 1)
    return nxt, (nxt == n_states - 1).astype(jnp.float32)


def collect_episode(agent, cfg):
    def body(carry, t):
        state, ret = carry
        action, draws = agent.act(state, t)
        state, reward = chain_step(state, action, cfg.n_states)
        return (state, ret + reward), draws

    (_, ret), (coins, randoms) = jax.lax.scan(body, (jnp.array(0), 0.0), jnp.arange(cfg.horizon))
    return ret, {"coin": coins, "random_action": randoms}


def main():
    cfg = ChainConfig()
    agent = ExplorerAgent(cfg, nnx.Rngs(0))
    _, draws = collect_episode(agent, cfg)
    return draws

# label: ok
# flax-error: none
# class: 3 a bound MuZero network held by a Searcher is called through recurrent() inside the fori_loop simulation body, with Gumbel keys folded in per simulation
"""MuZero-like search: a learned model expands latent nodes over a set number of simulations."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    obs_dim: int = 6
    latent: int = 16
    num_actions: int = 4
    num_simulations: int = 8
    discount: float = 0.97


class MuZeroNet(nn.Module):
    cfg: SearchConfig

    def setup(self):
        self.represent_net = nn.Sequential([nn.Dense(self.cfg.latent), nn.tanh])
        self.dynamics_net = nn.Sequential([nn.Dense(self.cfg.latent), nn.tanh])
        self.reward_head = nn.Dense(1)
        self.policy_head = nn.Dense(self.cfg.num_actions)
        self.value_head = nn.Dense(1)

    def represent(self, obs):
        return self.represent_net(obs)

    def predict(self, latent):
        return self.policy_head(latent), self.value_head(latent)[..., 0]

    def recurrent(self, latent, action):
        onehot = jax.nn.one_hot(action, self.cfg.num_actions)
        nxt = self.dynamics_net(jnp.concatenate([latent, onehot], -1))
        logits, value = self.predict(nxt)
        return nxt, self.reward_head(nxt)[..., 0], logits, value

    def __call__(self, obs, action):
        return self.recurrent(self.represent(obs), action)


class Searcher:
    def __init__(self, net, cfg):
        self.net, self.cfg = net, cfg

    def _simulate(self, i, tree, key):
        root, prior, q, visits = tree
        gumbel = jax.random.gumbel(jax.random.fold_in(key, i), prior.shape)
        ucb = q + prior * jnp.sqrt(visits.sum() + 1.0) / (1.0 + visits)
        action = jnp.argmax(ucb + 0.1 * gumbel)
        _, reward, _, value = self.net.recurrent(root, action)
        ret = reward + self.cfg.discount * value
        q = q.at[action].set((q[action] * visits[action] + ret) / (visits[action] + 1))
        return root, prior, q, visits.at[action].add(1.0)

    def search(self, obs, key):
        root = self.net.represent(obs)
        logits, _ = self.net.predict(root)
        tree = (root, jax.nn.softmax(logits), jnp.zeros(self.cfg.num_actions), jnp.zeros(self.cfg.num_actions))
        _, _, q, visits = jax.lax.fori_loop(
            0, self.cfg.num_simulations, lambda i, t: self._simulate(i, t, key), tree)
        return visits / visits.sum(), q


def main():
    cfg = SearchConfig()
    net = MuZeroNet(cfg)
    obs = jax.random.normal(jax.random.key(0), (cfg.obs_dim,))
    variables = net.init(jax.random.key(1), obs, 0)
    searcher = Searcher(net.bind(variables), cfg)
    policy, q = searcher.search(obs, jax.random.key(2))
    policy.block_until_ready()
    return None

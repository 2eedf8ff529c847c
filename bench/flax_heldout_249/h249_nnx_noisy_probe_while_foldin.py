# label: ok
# flax-error: none
# class: 3 the while_loop body in Explorer.probe calls self.net.q with the step index folded into a noise key drawn from self.net.rngs before the loop

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class NoisyQ(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.mu = nnx.Linear(16, n_actions, rngs=rngs)
        self.sigma = nnx.Param(jnp.full((16, n_actions), 0.1))
        self.rngs = rngs

    def q(self, obs, key):
        feats = nnx.relu(self.torso(obs))
        eps = jax.random.normal(key, self.sigma.shape)
        return self.mu(feats) + feats @ (self.sigma[...] * eps)

    @property
    def n_actions(self):
        return self.sigma.shape[1]


@dataclasses.dataclass
class Explorer:
    net: NoisyQ
    num_probes: int = 5

    def probe(self, obs):
        key = self.net.rngs.noise()

        def cond(state):
            return state[0] < self.num_probes

        def body(state):
            i, qs = state
            return i + 1, qs.at[i].set(self.net.q(obs, jax.random.fold_in(key, i)))

        init = (jnp.array(0), jnp.zeros((self.num_probes, self.net.n_actions)))
        _, qs = jax.lax.while_loop(cond, body, init)
        return qs


def main():
    explorer = Explorer(NoisyQ(4, 3, rngs=nnx.Rngs(params=0, noise=1)))
    obs = jnp.array([0.5, -0.1, 0.2, 0.9])
    return explorer.probe(obs)

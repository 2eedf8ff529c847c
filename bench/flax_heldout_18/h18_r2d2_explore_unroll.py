# label: same-values
# flax-error: none
# class: 4 epsilon-greedy draws use make_rng in an exploration helper reached from act() inside the scan body of unroll(), with the burn-in and unroll lengths passed down from the actor
"""R2D2-style recurrent Q-network actor: burn-in on stored context, then act with epsilon-greedy exploration."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class R2D2Config:
    obs_dim: int = 6
    num_actions: int = 4
    lstm: int = 16
    epsilon: float = 0.3
    burn_in: int = 3
    unroll: int = 5


class RecurrentQNet(nn.Module):
    cfg: R2D2Config

    def setup(self):
        self.torso = nn.Dense(32)
        self.core = nn.OptimizedLSTMCell(self.cfg.lstm)
        self.q_head = nn.Dense(self.cfg.num_actions)

    def __call__(self, carry, obs):
        carry, h = self.core(carry, nn.relu(self.torso(obs)))
        return carry, self.q_head(h)

    def _explore(self, q):
        u = jax.random.uniform(self.make_rng("explore"), q.shape[:-1])
        random_action = jax.random.randint(self.make_rng("explore"), q.shape[:-1], 0, self.cfg.num_actions)
        action = jnp.where(u < self.cfg.epsilon, random_action, jnp.argmax(q, -1))
        return action, {"u": u, "random_action": random_action}

    def act(self, carry, obs):
        carry, q = self(carry, obs)
        action, aux = self._explore(q)
        return carry, (action, aux)

    def unroll(self, carry, observations, burn_in: int):
        def burn(carry, obs):
            return self(carry, obs)[0], None

        carry, _ = jax.lax.scan(burn, jax.lax.stop_gradient(carry), observations[:burn_in])
        carry, (actions, aux) = jax.lax.scan(self.act, carry, observations[burn_in:])
        return actions, aux


class Actor:
    def __init__(self, net, variables, cfg):
        self.net, self.variables, self.cfg = net, variables, cfg

    def collect(self, carry, observations, key):
        return self.net.apply(self.variables, carry, observations, self.cfg.burn_in,
                              method=RecurrentQNet.unroll, rngs={"explore": key})


def main():
    cfg = R2D2Config()
    net = RecurrentQNet(cfg)
    batch = 2
    carry = (jnp.zeros((batch, cfg.lstm)), jnp.zeros((batch, cfg.lstm)))
    obs = jax.random.normal(jax.random.key(0), (cfg.burn_in + cfg.unroll, batch, cfg.obs_dim))
    variables = net.init(jax.random.key(1), carry, obs[0])
    actions, aux = Actor(net, variables, cfg).collect(carry, obs, jax.random.key(2))
    return aux

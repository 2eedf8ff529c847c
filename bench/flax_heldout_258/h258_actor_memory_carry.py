# label: ok
# flax-error: none
# class: 3 the Actor object's `memory` attribute seeds the while_loop carry; the 'memory' collection is threaded through the carry and stored back after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

N_ACTIONS = 3


class MemoryActor(nn.Module):
    n_actions: int = N_ACTIONS
    mem_size: int = 8

    @nn.compact
    def __call__(self, obs):
        mem = self.variable("memory", "h", jnp.zeros, (obs.shape[0], self.mem_size))
        h = jnp.tanh(nn.Dense(self.mem_size)(jnp.concatenate([obs, mem.value], axis=-1)))
        if not self.is_initializing():
            mem.value = h
        return nn.Dense(self.n_actions)(h)


class Actor:
    def __init__(self, net, variables):
        self.net = net
        self.params = variables["params"]
        self.memory = variables["memory"]

    def act(self, memory, obs):
        logits, mutated = self.net.apply({"params": self.params, "memory": memory}, obs, mutable=["memory"])
        return jnp.argmax(logits, axis=-1), mutated["memory"]


def corridor_step(pos, action):
    pos = pos + (action.astype(jnp.float32) - 1.0)[:, None] * 0.25
    return pos, jnp.abs(pos[:, 0]) >= 1.0


def run_episode(actor, obs0, max_steps=10):
    def cond(carry):
        t, _, done, _ = carry
        return (t < max_steps) & ~jnp.all(done)

    def body(carry):
        t, obs, done, memory = carry
        action, memory = actor.act(memory, obs)
        obs, hit = corridor_step(obs, action)
        return t + 1, obs, done | hit, memory

    init = (0, obs0, jnp.zeros(obs0.shape[0], dtype=bool), actor.memory)
    steps, obs, done, actor.memory = while_loop(cond, body, init)
    return steps, obs, done


def main():
    net = MemoryActor()
    obs0 = jnp.array([[0.1, 0.0], [-0.2, 0.3], [0.5, -0.5]])
    actor = Actor(net, net.init(jax.random.key(0), obs0))
    steps, obs, done = run_episode(actor, obs0)
    next_action, actor.memory = actor.act(actor.memory, obs)
    jax.block_until_ready((steps, next_action))

# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the Actor object's `memory` attribute is read and reassigned with the mutated 'memory' collection inside the while_loop body
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

    def act(self, obs):
        logits, mutated = self.net.apply(
            {"params": self.params, "memory": self.memory}, obs, mutable=["memory"]
        )
        self.memory = mutated["memory"]
        return jnp.argmax(logits, axis=-1)


def corridor_step(pos, action):
    pos = pos + (action.astype(jnp.float32) - 1.0)[:, None] * 0.25
    return pos, jnp.abs(pos[:, 0]) >= 1.0


def run_episode(actor, obs0, max_steps=10):
    def cond(carry):
        t, _, done = carry
        return (t < max_steps) & ~jnp.all(done)

    def body(carry):
        t, obs, done = carry
        action = actor.act(obs)
        obs, hit = corridor_step(obs, action)
        return t + 1, obs, done | hit

    return while_loop(cond, body, (0, obs0, jnp.zeros(obs0.shape[0], dtype=bool)))


def main():
    net = MemoryActor()
    obs0 = jnp.array([[0.1, 0.0], [-0.2, 0.3], [0.5, -0.5]])
    actor = Actor(net, net.init(jax.random.key(0), obs0))
    steps, obs, done = run_episode(actor, obs0)
    next_action = actor.act(obs)
    jax.block_until_ready((steps, next_action))

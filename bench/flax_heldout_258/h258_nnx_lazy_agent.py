# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the LazyAgent object's `policy` property builds the nnx policy on first access, which happens inside the while_loop body
import jax
import jax.numpy as jnp
from flax import nnx
import jax.lax as lax


class PolicyMLP(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs):
        self.l1 = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))


class LazyAgent:
    def __init__(self, obs_dim, n_actions, seed=0):
        self.obs_dim = obs_dim
        self.n_actions = n_actions
        self.seed = seed
        self._policy = None

    @property
    def policy(self):
        if self._policy is None:
            self._policy = PolicyMLP(self.obs_dim, self.n_actions, rngs=nnx.Rngs(self.seed))
        return self._policy

    def act(self, obs):
        return jnp.argmax(self.policy(obs), axis=-1)


def gridworld_step(pos, action):
    moves = jnp.array([[0, 1], [1, 0], [0, -1], [-1, 0]], dtype=jnp.float32)
    pos = jnp.clip(pos + moves[action], 0.0, 4.0)
    return pos, jnp.all(pos == 4.0, axis=-1)


def run_episode(agent, pos0, max_steps=12):
    def cond(carry):
        t, _, done = carry
        return (t < max_steps) & ~jnp.all(done)

    def body(carry):
        t, pos, done = carry
        pos, reached = gridworld_step(pos, agent.act(pos))
        return t + 1, pos, done | reached

    return lax.while_loop(cond, body, (0, pos0, jnp.zeros(pos0.shape[0], dtype=bool)))


def main():
    agent = LazyAgent(obs_dim=2, n_actions=4, seed=1)
    pos0 = jnp.array([[0.0, 0.0], [2.0, 1.0]])
    steps, pos, done = run_episode(agent, pos0)
    final_actions = agent.act(pos)
    jax.block_until_ready((steps, final_actions))

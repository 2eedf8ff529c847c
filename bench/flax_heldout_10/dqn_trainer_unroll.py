# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 bound method self._core_step handed to module-level unroll() (raw scan); setup submodules first called there during init; jitted train step
"""DQN-style recurrent Q-network (R2D2 flavour) whose unroll goes through a shared utility."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.lax import scan


def unroll(step_fn, carry, xs):
    """Shared by the agents: run step_fn over the time axis."""
    return scan(step_fn, carry, xs)


class RecurrentQ(nn.Module):
    n_actions: int = 3
    hidden: int = 16

    def setup(self):
        self.core = nn.SimpleCell(self.hidden)
        self.q_head = nn.Dense(self.n_actions)

    def _core_step(self, h, obs):
        h, y = self.core(h, obs)
        return h, self.q_head(y)

    def __call__(self, obs_seq):
        h0 = jnp.zeros((obs_seq.shape[1], self.hidden))
        _, qs = unroll(self._core_step, h0, obs_seq)
        return qs


class Trainer:
    def __init__(self, seed=0):
        self.net = RecurrentQ()
        obs = jnp.zeros((4, 2, 5))
        self.params = self.net.init(jax.random.key(seed), obs)
        self.tx = optax.adam(1e-3)
        self.opt_state = self.tx.init(self.params)
        self.step = jax.jit(self._step)

    def _step(self, params, opt_state, obs, actions, targets):
        def loss_fn(p):
            q = self.net.apply(p, obs)
            q_a = jnp.take_along_axis(q, actions[..., None], -1)[..., 0]
            return jnp.mean((q_a - targets) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = self.tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, loss


def main():
    tr = Trainer()
    obs = jnp.ones((4, 2, 5))
    actions = jnp.zeros((4, 2), jnp.int32)
    targets = jnp.ones((4, 2))
    tr.params, tr.opt_state, loss = tr.step(tr.params, tr.opt_state, obs, actions, targets)
    return None

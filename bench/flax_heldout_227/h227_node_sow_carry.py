# label: ok
# flax-error: none
# class: 1 NeuralODE.__call__ owns the fori_loop; the trajectory buffer is part of the loop carry and is sown once after the loop
"""Fixed-step RK4 neural ODE whose solver loop is a raw fori_loop inside the Linen module.

Twin of h227_node_sow: every state is written into a preallocated trajectory buffer that travels
in the fori_loop carry, and the finished buffer is sown after the loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ODEFunc(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, t, y):
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        h = nn.tanh(nn.Dense(self.hidden)(ty))
        return nn.Dense(y.shape[-1])(h)


class NeuralODE(nn.Module):
    steps: int = 8
    t1: float = 1.0

    def setup(self):
        self.func = ODEFunc()

    def __call__(self, y0):
        dt = self.t1 / self.steps
        # initial slope, used to pick a sensible first step (and creates the parameters)
        f0 = self.func(0.0, y0)
        dt = jnp.minimum(dt, 0.5 / (jnp.linalg.norm(f0) + 1e-6))

        def rk4_step(i, carry):
            y, traj = carry
            t = i * dt
            k1 = self.func(t, y)
            k2 = self.func(t + dt / 2, y + dt / 2 * k1)
            k3 = self.func(t + dt / 2, y + dt / 2 * k2)
            k4 = self.func(t + dt, y + dt * k3)
            y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            return y, traj.at[i].set(y)

        traj = jnp.zeros((self.steps,) + y0.shape)
        y1, traj = lax.fori_loop(0, self.steps, rk4_step, (y0, traj))
        self.sow("intermediates", "trajectory", traj)
        return y1


def main():
    model = NeuralODE()
    y0 = jnp.array([[1.0, 0.0], [0.0, 1.0]])
    params = model.init(jax.random.key(0), y0)["params"]
    y1, state = model.apply({"params": params}, y0, mutable=["intermediates"])
    trajectory = jnp.stack(state["intermediates"]["trajectory"])
    jax.block_until_ready(trajectory.mean())

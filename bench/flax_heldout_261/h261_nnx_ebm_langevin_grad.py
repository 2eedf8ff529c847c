# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the while_loop body passes self.ebm.net, an NNX module two attributes down, to nnx.grad
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class EnergyNet(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).squeeze(-1)


class EBM:
    def __init__(self, net: EnergyNet, temperature: float = 1.0):
        self.net = net
        self.temperature = temperature


def total_energy(net, x):
    return net(x).sum()


class LangevinRunner:
    def __init__(self, ebm: EBM, step_size=1e-2, max_steps=6, tol=1e-3):
        self.ebm = ebm
        self.step_size = step_size
        self.max_steps = max_steps
        self.tol = tol

    def run(self, x0, key):
        eps = self.step_size
        noises = jnp.zeros((self.max_steps,) + x0.shape)

        def not_done(state):
            i, x, g_norm, _, _ = state
            return (i < self.max_steps) & (g_norm > self.tol)

        def step(state):
            i, x, _, key, noises = state
            key, sub = jax.random.split(key)
            grad_x = nnx.grad(total_energy, argnums=1)(self.ebm.net, x) / self.ebm.temperature
            z = jax.random.normal(sub, x.shape)
            x = x - eps * grad_x + jnp.sqrt(2 * eps) * z
            return i + 1, x, jnp.linalg.norm(grad_x), key, noises.at[i].set(z)

        state = (0, x0, jnp.float32(jnp.inf), key, noises)
        _, x, _, _, noises = lax.while_loop(not_done, step, state)
        return x, noises


def main():
    ebm = EBM(EnergyNet(2, 16, rngs=nnx.Rngs(0)))
    runner = LangevinRunner(ebm)
    x, noises = runner.run(jnp.zeros((8, 2)), jax.random.key(1))
    jax.block_until_ready(x)
    return noises

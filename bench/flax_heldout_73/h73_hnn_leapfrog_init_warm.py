# label: ok
# flax-error: none
# class: 2 bound method self.leapfrog is the raw scan body; the Hamiltonian MLP is warmed up (initialised) by one call before the scan, so the body only reads params
"""Hamiltonian neural network (Greydanus et al. 2019) rolled out with a leapfrog
(Stormer-Verlet) symplectic integrator."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class HNN(nn.Module):
    hidden: int = 64
    dt: float = 0.1
    n_steps: int = 20

    def setup(self):
        self.net = nn.Sequential([nn.Dense(self.hidden), nn.tanh,
                                  nn.Dense(self.hidden), nn.tanh, nn.Dense(1)])

    def hamiltonian(self, q, p):
        return self.net(jnp.concatenate([q, p], -1)).squeeze(-1)

    def leapfrog(self, state, _):
        q, p = state
        dHdq = jax.grad(lambda q_: self.hamiltonian(q_, p))(q)
        p_half = p - 0.5 * self.dt * dHdq
        dHdp = jax.grad(lambda p_: self.hamiltonian(q, p_))(p_half)
        q_new = q + self.dt * dHdp
        dHdq_new = jax.grad(lambda q_: self.hamiltonian(q_, p_half))(q_new)
        p_new = p_half - 0.5 * self.dt * dHdq_new
        return (q_new, p_new), jnp.concatenate([q_new, p_new])

    def __call__(self, q0, p0):
        _ = self.hamiltonian(q0, p0)  # create the MLP params outside the loop
        _, traj = scan(self.leapfrog, (q0, p0), None, length=self.n_steps)
        return traj


def main():
    model = HNN()
    q0, p0 = jnp.array([1.0]), jnp.array([0.0])
    variables = model.init(jax.random.key(0), q0, p0)
    traj = model.apply(variables, q0, p0)
    jax.block_until_ready(traj)
    return None


if __name__ == "__main__":
    main()

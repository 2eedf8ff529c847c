# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 module-level integrate() receives the NNX Hamiltonian network and closes over it; the raw scan body hands it to nnx.grad
"""Hamiltonian neural network in NNX integrated with symplectic Euler; the vector field is
the symplectic gradient of the learned H(q, p)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HamiltonianNet(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2 * dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, q, p):
        h = jnp.tanh(self.l1(jnp.concatenate([q, p], -1)))
        h = jnp.tanh(self.l2(h))
        return self.out(h).squeeze(-1)


def energy(model, q, p):
    return model(q, p)


def integrate(model, q0, p0, dt, n_steps):
    grad_qp = nnx.grad(energy, argnums=(1, 2))

    def symplectic_euler(state, _):
        q, p = state
        dHdq, _ = grad_qp(model, q, p)
        p = p - dt * dHdq
        _, dHdp = grad_qp(model, q, p)
        q = q + dt * dHdp
        return (q, p), jnp.concatenate([q, p])

    _, traj = jax.lax.scan(symplectic_euler, (q0, p0), None, length=n_steps)
    return traj


def main():
    model = HamiltonianNet(1, 32, rngs=nnx.Rngs(0))
    traj = integrate(model, jnp.array([1.0]), jnp.array([0.0]), dt=0.05, n_steps=30)
    jax.block_until_ready(traj)
    return None


if __name__ == "__main__":
    main()

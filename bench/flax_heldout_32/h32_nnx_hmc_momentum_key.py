# label: same-values
# flax-error: none
# class: 2 the scan body calls hmc_step with the key drawn once from the nnx.Rngs "hmc" stream before the loop
import jax
import jax.numpy as jnp
from flax import nnx

DIM, N_SAMPLES, N_LEAPFROG, EPS = 2, 6, 3, 0.1


class Potential(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(DIM, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, q):
        return self.l2(nnx.tanh(self.l1(q)))[0] + 0.5 * jnp.sum(q ** 2)


def leapfrog(potential, q, p):
    grad_u = jax.grad(potential)
    p = p - 0.5 * EPS * grad_u(q)
    for _ in range(N_LEAPFROG):
        q = q + EPS * p
        p = p - EPS * grad_u(q)
    return q, p + 0.5 * EPS * grad_u(q)


def hmc_step(potential, q, key):
    k_mom, k_acc = jax.random.split(key)
    p0 = jax.random.normal(k_mom, q.shape)
    q1, p1 = leapfrog(potential, q, p0)
    h0 = potential(q) + 0.5 * jnp.sum(p0 ** 2)
    h1 = potential(q1) + 0.5 * jnp.sum(p1 ** 2)
    u = jax.random.uniform(k_acc)
    accept = jnp.log(u) < h0 - h1
    return jnp.where(accept, q1, q), p0, u


def main():
    potential = Potential(nnx.Rngs(0))
    rngs = nnx.Rngs(hmc=3)
    key = rngs.hmc()

    def body(q, _):
        q, p0, u = hmc_step(potential, q, key)
        return q, (p0, u)

    _, (momenta, uniforms) = jax.lax.scan(body, jnp.zeros((DIM,)), None, length=N_SAMPLES)
    return {"momenta": momenta, "uniforms": uniforms}

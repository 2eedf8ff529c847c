# label: ok
# flax-error: none
# class: 3 DDPMSampler.sample draws self.rngs.sample() once and its raw scan body (under nnx.jit) folds the step into that key
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class EpsNet(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(dim + 1, 8, rngs=rngs)
        self.lin2 = nnx.Linear(8, dim, rngs=rngs)

    def __call__(self, x, t):
        t_feat = jnp.full(x.shape[:-1] + (1,), t, x.dtype)
        return self.lin2(nnx.silu(self.lin1(jnp.concatenate([x, t_feat], -1))))


class DDPMSampler(nnx.Module):
    def __init__(self, net: EpsNet, n_steps: int, *, rngs: nnx.Rngs):
        self.net = net
        self.n_steps = n_steps
        self.rngs = rngs
        self.betas = nnx.Variable(jnp.linspace(1e-3, 2e-2, n_steps))

    def sample(self, x):
        key = self.rngs.sample()
        betas = self.betas[...]

        def body(x, t):
            beta = betas[t]
            eps_hat = self.net(x, t / self.n_steps)
            z = jax.random.normal(jax.random.fold_in(key, t), x.shape)
            x = (x - beta * eps_hat) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z
            return x, z

        return scan(body, x, jnp.arange(self.n_steps)[::-1])


@nnx.jit
def run_sampler(sampler, x):
    return sampler.sample(x)


def main():
    net = EpsNet(3, rngs=nnx.Rngs(0))
    sampler = DDPMSampler(net, 5, rngs=nnx.Rngs(sample=3))
    _, zs = run_sampler(sampler, jnp.zeros((2, 3)))
    return zs

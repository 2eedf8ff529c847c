# label: ok
# flax-error: none
# class: 2 a deep-equilibrium style fixed-point solve in lax.while_loop over a compact block (bound to a local) whose BatchNorm uses running averages at eval
import jax
import jax.numpy as jnp
import flax.linen as nn


class DEQBlock(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, z, x, train: bool):
        z = nn.Dense(self.features)(z) + x
        z = nn.BatchNorm(use_running_average=not train, momentum=0.9)(z)
        return 0.5 * nn.tanh(z)


class DEQ(nn.Module):
    max_iter: int = 10

    @nn.compact
    def __call__(self, x, train: bool = False):
        block = DEQBlock()
        z0 = block(jnp.zeros_like(x), x, train)
        if train:
            return z0

        def cond(state):
            i, _, err = state
            return jnp.logical_and(i < self.max_iter, err > 1e-4)

        def body(state):
            i, z, _ = state
            z_new = block(z, x, False)
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        return jax.lax.while_loop(cond, body, (0, z0, jnp.inf))[1]


def main():
    model = DEQ()
    x = jax.random.normal(jax.random.key(0), (4, 8))
    variables = model.init(jax.random.key(1), x, train=True)
    _, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    z = model.apply(variables, x, train=False)
    z.block_until_ready()
    return None

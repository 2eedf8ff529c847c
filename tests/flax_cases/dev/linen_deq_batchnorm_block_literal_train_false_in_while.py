# label: ok
# flax-error: none
# class: 3 a DEQ runs its BatchNorm-holding compact block in training mode once before a while_loop; the body calls the block with a literal train=False; apply with mutable=["batch_stats"]
import jax
import jax.numpy as jnp
import flax.linen as nn

class DEQBlock(nn.Module):
    @nn.compact
    def __call__(self, z, x, train: bool):
        z = nn.Dense(8)(z) + x
        return nn.tanh(nn.BatchNorm(use_running_average=not train)(z))

class DEQ(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        block = DEQBlock()
        z0 = block(jnp.zeros_like(x), x, train)
        def body(state):
            i, z = state
            return i + 1, block(z, x, False)
        return jax.lax.while_loop(lambda s: s[0] < 10, body, (0, z0))[1]

def fit(x):
    model = DEQ()
    variables = model.init(jax.random.key(1), x, train=True)
    return model.apply(variables, x, train=True, mutable=["batch_stats"])


def main():
    out, updates = fit(jnp.ones((3, 8)))
    jax.tree.map(lambda a: a + 0, updates)

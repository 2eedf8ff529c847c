# label: ok
# flax-error: none
# class: 1 model and optimizer are split before the loop; the state is carried and merged in the inline fori_loop body, the new state returned
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3, 3), rngs=rngs)
        self.head = nnx.Linear(4 * 8 * 8, 10, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.conv(x))
        return self.head(h.reshape(h.shape[0], -1))


def main():
    net = ConvNet(nnx.Rngs(params=3))
    opt = nnx.Optimizer(net, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (5, 8, 8, 8, 1))
    ys = jax.random.randint(jax.random.key(1), (5, 8), 0, 10)

    graphdef, state = nnx.split((net, opt))

    def epoch_step(i, carry):
        state, acc_loss = carry
        net_i, opt_i = nnx.merge(graphdef, state)

        def loss_fn(m):
            logits = m(xs[i])
            return optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(net_i)
        opt_i.update(net_i, grads)
        return nnx.state((net_i, opt_i)), acc_loss + loss

    state, total = fori_loop(0, xs.shape[0], epoch_step, (state, 0.0))
    nnx.update((net, opt), state)
    print("loss", total)
    return None

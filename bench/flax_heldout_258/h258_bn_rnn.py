# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/bn" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_unroll_step closes over the cell and its variables and returns the lax.scan body that applies the BatchNorm cell
import jax
import jax.numpy as jnp
import flax.linen as nn
import jax.lax as lax

SEQ_LEN, BATCH, IN_DIM, HIDDEN = 5, 4, 3, 8


class BNRecurrentCell(nn.Module):
    hidden: int = HIDDEN

    @nn.compact
    def __call__(self, h, x, train: bool = True):
        z = nn.Dense(self.hidden, name="ih")(x) + nn.Dense(self.hidden, use_bias=False, name="hh")(h)
        z = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="bn")(z)
        h = jnp.tanh(z)
        return h, h


def make_unroll_step(cell, variables, train=True):
    def step(h, x):
        return cell.apply(variables, h, x, train=train)

    return step


def unroll(cell, variables, xs, train=True):
    h0 = jnp.zeros((xs.shape[1], cell.hidden))
    return lax.scan(make_unroll_step(cell, variables, train), h0, xs)


def main():
    cell = BNRecurrentCell()
    xs = jnp.cos(jnp.arange(SEQ_LEN * BATCH * IN_DIM, dtype=jnp.float32)).reshape(SEQ_LEN, BATCH, IN_DIM)
    variables = cell.init(jax.random.key(0), jnp.zeros((BATCH, HIDDEN)), xs[0], train=False)
    h_last, hs = unroll(cell, variables, xs)
    jax.block_until_ready((h_last, hs))

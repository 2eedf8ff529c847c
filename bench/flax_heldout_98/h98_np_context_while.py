# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "r_sum" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 neural-process encoder aggregates context chunks in a raw jax.lax.while_loop inside a Linen method; the body accumulates into self.variable("stats")
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax
R = 8


class NPEncoder(nn.Module):
    def setup(self):
        self.enc = nn.Dense(R)
        self.r_sum = self.variable("stats", "r_sum", lambda: jnp.zeros((R,)))
        self.count = self.variable("stats", "count", lambda: jnp.zeros(()))

    def __call__(self, x, y):
        return self.enc(jnp.concatenate([x, y], -1))

    def aggregate(self, xc, yc):
        chunks = xc.shape[0]

        def cond(i):
            return i < chunks

        def body(i):
            r = self(xc[i], yc[i])
            self.r_sum.value = self.r_sum.value + r.sum(0)
            self.count.value = self.count.value + r.shape[0]
            return i + 1

        lax.while_loop(cond, body, 0)
        return self.r_sum.value / jnp.maximum(self.count.value, 1.0)


def main():
    model = NPEncoder()
    xc = jnp.ones((3, 5, 1))
    yc = jnp.ones((3, 5, 1))
    variables = model.init(jax.random.key(0), xc[0], yc[0])
    r = model.apply(variables, xc, yc, method=NPEncoder.aggregate)
    r.block_until_ready()
    return None

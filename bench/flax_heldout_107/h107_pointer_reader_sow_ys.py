# label: ok
# flax-error: none
# class: 4 Reader.read scans over self.block, which returns its Attention weights as scan outputs; they are sown after the loop
"""Iterative attention reader, twin of h107_pointer_reader_sow: the attention weights leave
the raw scan as its stacked outputs (ys) and the method sows them once, after the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn

D = 16


class Attention(nn.Module):
    @nn.compact
    def __call__(self, query, memory):
        q = nn.Dense(D, name="q")(query)
        k = nn.Dense(D, name="k")(memory)
        weights = jax.nn.softmax(k @ q / jnp.sqrt(D))
        return weights @ memory, weights


class Block(nn.Module):
    def setup(self):
        self.attn = Attention()
        self.mlp = nn.Dense(D)

    def __call__(self, h, memory):
        read, weights = self.attn(h, memory)
        return h + self.mlp(read), weights


class Reader(nn.Module):
    def setup(self):
        self.block = Block()

    def __call__(self, h, memory):
        return self.block(h, memory)[0]

    def read(self, h0, memory, hops):
        def hop(h, _):
            return self.block(h, memory)

        h, weights = jax.lax.scan(hop, h0, None, length=hops)
        self.sow("intermediates", "weights", weights)
        return h


def main():
    reader = Reader()
    memory = jax.random.normal(jax.random.PRNGKey(0), (7, D))
    h0 = jnp.ones((D,))
    variables = reader.init(jax.random.PRNGKey(1), h0, memory)
    h, inter = reader.apply(variables, h0, memory, 4, method=Reader.read, mutable=["intermediates"])
    weights = inter["intermediates"]["weights"]
    print(jnp.stack(weights).sum(-1))
    return None

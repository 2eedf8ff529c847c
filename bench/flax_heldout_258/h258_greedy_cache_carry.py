# label: ok
# flax-error: none
# class: 4 GreedyDecoder.decode applies Seq2Seq.decode_step, whose CachedDecoder writes its 'cache' collection, with the cache threaded through the lax.while_loop carry
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

VOCAB = 12
FEATURES = 16
MAX_LEN = 6
BOS, EOS = 1, 2


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, src):
        emb = nn.Embed(VOCAB, FEATURES)(src)
        return nn.tanh(nn.Dense(FEATURES)(emb.mean(axis=1)))


class CachedDecoder(nn.Module):
    max_len: int = MAX_LEN

    @nn.compact
    def __call__(self, token, memory):
        emb = nn.Embed(VOCAB, FEATURES)(token)
        initialized = self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (token.shape[0], self.max_len, FEATURES))
        index = self.variable("cache", "index", lambda: jnp.array(0, dtype=jnp.int32))
        if initialized:
            i = index.value
            keys.value = lax.dynamic_update_slice(keys.value, emb[:, None, :], (0, i, 0))
            index.value = i + 1
        context = keys.value.sum(axis=1) / jnp.maximum(index.value, 1)
        h = nn.tanh(nn.Dense(FEATURES)(jnp.concatenate([emb, context, memory], axis=-1)))
        return nn.Dense(VOCAB)(h)


class Seq2Seq(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = CachedDecoder()

    def encode(self, src):
        return self.encoder(src)

    def decode_step(self, token, memory):
        return self.decoder(token, memory)

    def __call__(self, src, token):
        return self.decode_step(token, self.encode(src))


class GreedyDecoder:
    def __init__(self, model, params, max_len=MAX_LEN):
        self.model = model
        self.params = params
        self.max_len = max_len

    def decode(self, src, cache):
        memory = self.model.apply({"params": self.params}, src, method=Seq2Seq.encode)
        batch = src.shape[0]
        out = jnp.zeros((batch, self.max_len), dtype=jnp.int32)

        def cond(state):
            i, _, finished, _, _ = state
            return (i < self.max_len) & ~jnp.all(finished)

        def body(state):
            i, token, finished, out, cache = state
            logits, mutated = self.model.apply(
                {"params": self.params, "cache": cache},
                token,
                memory,
                method=Seq2Seq.decode_step,
                mutable=["cache"],
            )
            next_token = jnp.where(finished, EOS, jnp.argmax(logits, axis=-1)).astype(jnp.int32)
            out = out.at[:, i].set(next_token)
            return i + 1, next_token, finished | (next_token == EOS), out, mutated["cache"]

        init = (0, jnp.full((batch,), BOS, jnp.int32), jnp.zeros((batch,), bool), out, cache)
        _, _, _, out, _ = lax.while_loop(cond, body, init)
        return out


def main():
    model = Seq2Seq()
    src = jnp.array([[3, 4, 5, 6], [7, 8, 9, 10], [4, 4, 11, 3]], dtype=jnp.int32)
    bos = jnp.full((src.shape[0],), BOS, jnp.int32)
    variables = model.init(jax.random.key(0), src, bos)
    decoder = GreedyDecoder(model, variables["params"])
    tokens = decoder.decode(src, variables["cache"])
    jax.block_until_ready(tokens)

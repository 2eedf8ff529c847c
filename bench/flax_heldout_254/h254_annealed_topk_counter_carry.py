# label: ok
# flax-error: none
# class: 1 AnnealedSampler.sample runs the while_loop; its decode_state counter is threaded through the carry and stored after the loop
"""Bigram LM sampler whose temperature decays with the number of tokens emitted so far (top-k filtered)."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class AnnealedSampler(nn.Module):
    vocab: int = 16
    t0: float = 1.5
    decay: float = 0.9
    top_k: int = 5

    def setup(self):
        self.bigram = nn.Embed(self.vocab, self.vocab, embedding_init=nn.initializers.normal(1.0))
        self.emitted = self.variable("decode_state", "emitted", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, tokens):
        return self.bigram(tokens)

    def temperature(self, emitted):
        return jnp.maximum(self.t0 * self.decay ** emitted, 0.3)

    def filtered_logits(self, token, emitted):
        logits = self(token) / self.temperature(emitted)
        kth = lax.top_k(logits, self.top_k)[0][..., -1:]
        return jnp.where(logits >= kth, logits, -jnp.inf)

    def sample(self, first_token, key, length):
        def keep_going(state):
            return state[0] < length

        def emit(state):
            i, token, emitted, key, out = state
            key, sub = jax.random.split(key)
            token = jax.random.categorical(sub, self.filtered_logits(token, emitted))
            return i + 1, token, emitted + 1, key, out.at[:, i].set(token)

        out = jnp.zeros((first_token.shape[0], length), jnp.int32)
        init = (0, first_token, self.emitted.value, key, out)
        _, _, emitted, _, out = lax.while_loop(keep_going, emit, init)
        self.emitted.value = emitted
        return out


def main():
    sampler = AnnealedSampler()
    start = jnp.array([0, 3, 7, 11])
    variables = sampler.init(jax.random.key(0), start)
    tokens, state = sampler.apply(
        variables, start, jax.random.key(1), 6, method=AnnealedSampler.sample, mutable=["decode_state"]
    )
    variables = {**variables, **state}
    jax.block_until_ready((tokens, variables))
    return None


if __name__ == "__main__":
    main()

# label: ok
# flax-error: none
# class: 1 LSTM cell created by nn.compact, called once on the GO token before the raw lax.scan body reuses it
# modelled on: google/flax examples/seq2seq (Decoder) and google-deepmind/dm-haiku#214 "Encountered an unexpected tracer" when scanning inside transformed function
"""Teacher-forced LSTM decoder for the addition seq2seq task."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class Seq2SeqConfig:
    vocab_size: int = 13
    hidden_size: int = 16
    max_output_len: int = 5
    batch_size: int = 2


class Decoder(nn.Module):
    """Runs an LSTM over the target tokens, one step per token."""

    config: Seq2SeqConfig

    @nn.compact
    def __call__(self, carry, targets):
        cfg = self.config
        cell = nn.OptimizedLSTMCell(cfg.hidden_size, name="lstm")
        projection = nn.Dense(cfg.vocab_size, name="logits")

        def decode_step(lstm_state, token_onehot):
            lstm_state, y = cell(lstm_state, token_onehot)
            return lstm_state, projection(y)

        # the GO token is fed outside the loop, the rest time-major
        carry, first = decode_step(carry, targets[:, 0])
        carry, rest = jax.lax.scan(decode_step, carry, jnp.swapaxes(targets[:, 1:], 0, 1))
        logits = jnp.concatenate([first[:, None], jnp.swapaxes(rest, 0, 1)], axis=1)
        return carry, logits


def initial_state(cfg):
    zeros = jnp.zeros((cfg.batch_size, cfg.hidden_size))
    return (zeros, zeros)


def cross_entropy(logits, targets):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * targets, axis=-1))


def main():
    cfg = Seq2SeqConfig()
    decoder = Decoder(cfg)
    tokens = jax.random.randint(jax.random.key(3), (cfg.batch_size, cfg.max_output_len), 0, cfg.vocab_size)
    targets = jax.nn.one_hot(tokens, cfg.vocab_size)
    variables = decoder.init(jax.random.key(0), initial_state(cfg), targets)
    _, logits = decoder.apply(variables, initial_state(cfg), targets)
    loss = cross_entropy(logits, targets)
    float(loss)
    return None

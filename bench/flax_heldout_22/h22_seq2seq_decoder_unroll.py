# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LSTM cell created by nn.compact and first called inside the raw lax.scan body
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

        # time-major iteration over the target sequence
        carry, logits = jax.lax.scan(decode_step, carry, jnp.swapaxes(targets, 0, 1))
        return carry, jnp.swapaxes(logits, 0, 1)


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

# label: ok
# flax-error: none
# class: 5 the StreamBuffer state is split out and carried through the fori_loop, merged in the body
"""Keyword-spotting streaming inference wrapper: the model keeps the last frames in a
StreamBuffer variable; a session steps it frame by frame with lax.fori_loop, carrying the buffer
state and writing it back afterwards."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class StreamBuffer(nnx.Variable):
    pass


class StreamingKWS(nnx.Module):
    def __init__(self, n_mels, n_keywords, width, rngs):
        self.buffer = StreamBuffer(jnp.zeros((width, n_mels)))
        self.conv = nnx.Linear(width * n_mels, 16, rngs=rngs)
        self.out = nnx.Linear(16, n_keywords, rngs=rngs)

    def __call__(self, frame):
        window = jnp.concatenate([self.buffer.value[1:], frame[None]], axis=0)
        self.buffer.value = window
        return self.out(nnx.relu(self.conv(window.reshape(-1))))


class Session:
    def __init__(self, model):
        self.model = model

    def reset(self):
        self.model.buffer.value = jnp.zeros_like(self.model.buffer.value)


class StreamingWrapper:
    def __init__(self, session: Session, n_keywords):
        self.session = session
        self.n_keywords = n_keywords

    def detect(self, frames):
        self.session.reset()
        graphdef, params, buf = nnx.split(self.session.model, nnx.Param, StreamBuffer)

        def body(i, carry):
            best, buf = carry
            model = nnx.merge(graphdef, params, buf)
            logits = model(frames[i])
            return jnp.maximum(best, nnx.softmax(logits)), nnx.state(model, StreamBuffer)

        best, buf = lax.fori_loop(0, frames.shape[0], body, (jnp.zeros((self.n_keywords,)), buf))
        nnx.update(self.session.model, buf)
        return best


def main():
    model = StreamingKWS(40, 5, 3, nnx.Rngs(0))
    wrapper = StreamingWrapper(Session(model), 5)
    frames = jax.random.normal(jax.random.key(1), (25, 40))
    wrapper.detect(frames).block_until_ready()
    return None

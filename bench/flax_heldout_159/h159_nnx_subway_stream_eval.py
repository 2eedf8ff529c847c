# label: ok
# flax-error: none
# class: 4 the session pool hands each line's streaming session the shared NNX model, and each session switches it to eval mode before its scan body calls it
"""Subway platform announcement denoiser: streaming sessions, one per line, drawn from a pool."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class AnnouncementDenoiser(nnx.Module):
    def __init__(self, bins, rngs: nnx.Rngs):
        self.encode = nnx.Linear(bins, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.decode = nnx.Linear(32, bins, rngs=rngs)

    def __call__(self, frame):
        return frame - self.decode(nnx.relu(self.norm(self.encode(frame))))


class StreamSession:
    def __init__(self, line, model):
        self.line = line
        self.model = model
        self.model.eval()
        self.frames_done = 0

    def stream(self, frames):
        def on_frame(level, frame):
            clean = self.model(frame)
            return 0.9 * level + 0.1 * jnp.abs(clean).mean(), clean

        level, cleaned = scan(on_frame, jnp.zeros(()), frames)
        self.frames_done += frames.shape[0]
        return level, cleaned


class SessionPool:
    def __init__(self, model):
        self.model = model
        self.sessions = {}

    def session(self, line):
        if line not in self.sessions:
            self.sessions[line] = StreamSession(line, self.model)
        return self.sessions[line]


def main():
    model = AnnouncementDenoiser(bins=16, rngs=nnx.Rngs(0))
    pool = SessionPool(model)
    frames = jax.random.normal(jax.random.key(1), (6, 4, 16))
    level, cleaned = pool.session("U2").stream(frames)
    jax.block_until_ready((level, cleaned))
    return None

# label: ok
# flax-error: none
# class: 1 HiveAcousticEncoder.__call__ runs the scan itself; the frame states leave the body as ys and are sown after the loop
"""Beehive acoustic monitor: a recurrent encoder over spectrogram frames flags swarming; the
per-frame hidden states come out of the scan as ys and are sown so the dashboard can plot them."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class EncoderConfig:
    bands: int = 12
    hidden: int = 16
    capture_states: bool = True


class HiveAcousticEncoder(nn.Module):
    cfg: EncoderConfig

    @nn.compact
    def __call__(self, frames):
        frame_proj = nn.Dense(self.cfg.hidden, name="frame_proj")
        mix = nn.Dense(self.cfg.hidden, use_bias=False, name="mix")
        head = nn.Dense(2, name="swarm_head")
        state = jnp.tanh(frame_proj(frames[0]))
        first = head(state + mix(state))

        def body(state, frame):
            state = jnp.tanh(frame_proj(frame) + mix(state))
            return state, (head(state), state)

        _, (logits, states) = lax.scan(body, state, frames[1:])
        if self.cfg.capture_states:
            for state in states:
                self.sow("intermediates", "frame_state", state)
        return jnp.concatenate([first[None], logits], axis=0)


class HiveDashboard:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def analyse(self, frames):
        logits, captured = self.model.apply({"params": self.params}, frames, mutable=["intermediates"])
        states = captured["intermediates"]["frame_state"]
        energy = [jnp.mean(s**2) for s in states]
        return jax.nn.softmax(logits)[..., 1], energy


def main():
    cfg = EncoderConfig()
    model = HiveAcousticEncoder(cfg)
    frames = jax.random.normal(jax.random.key(0), (10, 4, cfg.bands))
    variables = model.init(jax.random.key(1), frames)
    dashboard = HiveDashboard(model, variables["params"])
    dashboard.analyse(frames)
    return None

# label: ok
# flax-error: none
# class: 1 the TraceDenoiser's own denoise method runs jax.lax.scan over windows and its BatchNorm only reads the running batch_stats inside the body (eval mode)
"""Seismic trace denoising: a station's continuous record is cut into windows and each window is
denoised by a small 1-D conv network that normalizes with batch statistics."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class StationConfig:
    n_windows: int = 5
    n_channels: int = 3
    window_len: int = 32
    features: int = 8


class TraceDenoiser(nn.Module):
    cfg: StationConfig

    def setup(self):
        self.encode = nn.Conv(self.cfg.features, kernel_size=(5,))
        self.norm = nn.BatchNorm(momentum=0.95)
        self.decode = nn.Conv(self.cfg.n_channels, kernel_size=(5,))

    def __call__(self, window, train: bool = False):
        h = nn.relu(self.norm(self.encode(window), use_running_average=not train))
        return window - self.decode(h)

    def denoise(self, windows, train: bool):
        def one_window(energy, window):
            clean = self(window, train)
            return energy + jnp.sum(clean ** 2), clean

        return jax.lax.scan(one_window, 0.0, windows)


def cut_windows(record, cfg: StationConfig):
    return record.reshape(cfg.n_windows, 1, cfg.window_len, cfg.n_channels)


def main():
    cfg = StationConfig()
    model = TraceDenoiser(cfg)
    record = jax.random.normal(jax.random.key(4), (cfg.n_windows * cfg.window_len, cfg.n_channels))
    windows = cut_windows(record, cfg)
    variables = model.init(jax.random.key(0), windows[0])
    (energy, clean), updates = model.apply(
        variables, windows, False, method=TraceDenoiser.denoise, mutable=["batch_stats"])
    variables = {**variables, **updates}
    next_hour = cut_windows(jnp.roll(record, 7, axis=0), cfg)
    (energy_next, _), _ = model.apply(
        variables, next_hour, False, method=TraceDenoiser.denoise, mutable=["batch_stats"])
    print(float(energy), float(energy_next), clean.shape)
    return None

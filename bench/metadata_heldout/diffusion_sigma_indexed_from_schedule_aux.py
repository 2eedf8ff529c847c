# label: recompiles
# jax-error: none
# class: 1 diffusion sampler stores sigma = sigmas[i] (a 0-d array indexed from a jnp schedule) in aux data at each denoising step
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class NoisySample:
    def __init__(self, x, sigma):
        self.x = x
        self.sigma = sigma

    def tree_flatten(self):
        return (self.x,), self.sigma

    @classmethod
    def tree_unflatten(cls, sigma, children):
        return cls(children[0], sigma)


@jax.jit
def denoise(sample):
    denoised = sample.x / (1.0 + sample.sigma ** 2)
    return denoised


def main():
    sigmas = jnp.geomspace(10.0, 0.1, 5)
    x = jnp.ones(4)
    for i in range(sigmas.shape[0]):
        x = denoise(NoisySample(x, sigmas[i]))

// stencil_2d_5pt: a 5-point Laplacian-style stencil on a row-major
// width x height grid, one thread per point, 2-D blocks and a 2-D grid.
// Exercises: threadIdx.y / blockIdx.y / blockDim.y, 2-D indexing, and
// four independent boundary checks (points outside the grid read 0).
//
// Launch: block (16,16,1) (any 2-D block works); grid
//         (ceil(width/16), ceil(height/16), 1).
// Result: for x < width, y < height:
//         out[y*width + x] = 4*c - n - s - w - e   (modulo 2^32)
//         where c = in[y][x], n = in[y-1][x], s = in[y+1][x], w = in[y][x-1],
//         e = in[y][x+1], and any neighbour outside the grid is 0.

extern "C" __global__ void stencil_2d_5pt(const unsigned *in, unsigned *out,
                                          unsigned width, unsigned height)
{
    unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;

    unsigned c = in[y * width + x];
    unsigned north = (y > 0) ? in[(y - 1) * width + x] : 0u;
    unsigned south = (y + 1 < height) ? in[(y + 1) * width + x] : 0u;
    unsigned west = (x > 0) ? in[y * width + x - 1] : 0u;
    unsigned east = (x + 1 < width) ? in[y * width + x + 1] : 0u;

    out[y * width + x] = 4u * c - north - south - west - east;
}
